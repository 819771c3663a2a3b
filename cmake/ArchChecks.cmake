# Regression guard for other instruction sets: compiles (never links or runs) every translation
# unit that includes Eigen for x86-64-v2 and x86-64-v4, with the project's warning flags.
#
# Eigen picks its SIMD kernels from -march, so warnings (GCC 12 PR 105593 under AVX-512) and
# errors in those kernels show up only for some targets; an AVX2 machine can compile AVX-512 code,
# so CI catches them on any CPU. Only the torch-free layers are checked (selfplay/ is LibTorch).

# The translation units to check: those that include, directly or through project headers,
# an Eigen header. Found from the sources at configure time so that new files join by themselves.
function(ddz_eigen_sources out_var)
  set(dirs game search models agent arena serve cli)
  set(headers "")
  set(sources "")
  foreach(dir ${dirs})
    file(GLOB h CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/${dir}/*.h)
    file(GLOB s CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/${dir}/*.cpp)
    list(APPEND headers ${h})
    list(APPEND sources ${s})
  endforeach()
  # Fixed point: a header is "Eigen" if it includes <Eigen/...> or another Eigen header.
  set(eigen_headers "")
  set(pattern "#include <Eigen/")
  set(changed TRUE)
  while(changed)
    set(changed FALSE)
    foreach(h ${headers})
      if(h IN_LIST eigen_headers)
        continue()
      endif()
      file(STRINGS ${h} hits REGEX "${pattern}")
      if(hits)
        list(APPEND eigen_headers ${h})
        set(changed TRUE)
      endif()
    endforeach()
    # Next round: also headers that include any Eigen header found so far, by project path.
    set(alternatives "<Eigen/")
    foreach(h ${eigen_headers})
      file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${h})
      list(APPEND alternatives "\"${rel}\"")
    endforeach()
    list(JOIN alternatives "|" joined)
    set(pattern "#include (${joined})")
  endwhile()
  set(result "")
  foreach(s ${sources})
    file(STRINGS ${s} hits REGEX "${pattern}")
    if(hits)
      list(APPEND result ${s})
    endif()
  endforeach()
  set(${out_var} ${result} PARENT_SCOPE)
endfunction()

function(ddz_add_arch_checks)
  ddz_eigen_sources(srcs)
  # These instantiate Eigen's kernels; if the scan misses them it is broken, not the project.
  foreach(required models/eigen_net.cpp models/net_evaluator.cpp agent/gumbel_agent.cpp
                   agent/net_agent.cpp models/agent_file.cpp)
    if(NOT "${CMAKE_SOURCE_DIR}/${required}" IN_LIST srcs)
      message(FATAL_ERROR "DDZ_ARCH_CHECKS: ${required} was not found to include Eigen")
    endif()
  endforeach()
  foreach(arch x86-64-v2 x86-64-v4)
    string(REPLACE "-" "_" suffix ${arch})
    set(target ddz_arch_check_${suffix})
    add_library(${target} OBJECT ${srcs})
    target_link_libraries(${target} PRIVATE ddz_serve yaml-cpp CLI11::CLI11)
    target_include_directories(${target} PRIVATE ${DDZ_GENERATED_DIR})
    # Replace the directory's -march (the build's own DDZ_ARCH) instead of adding a second one;
    # -O3 because the kernels' warnings need inlining, whatever the build type.
    set_property(TARGET ${target} PROPERTY COMPILE_OPTIONS -march=${arch} -O3 ${DDZ_WARNINGS})
  endforeach()
  list(LENGTH srcs n)
  message(STATUS "DDZ_ARCH_CHECKS: ${n} Eigen translation units compiled for x86-64-v2 and x86-64-v4")
endfunction()
