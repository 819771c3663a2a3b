# Install rules and CPack settings of the Debian package of the deployment side: the torch-free
# `ddz` binary, its docs and the shipped agent files (`make package` builds it portably).
include(GNUInstallDirs)

install(TARGETS ddz RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md")
# The shipped agents (the .ddz files only: models/pretrained/ may also hold a training run's
# resume state); `ddz` finds them at <bin>/../share/ddz/pretrained/. Globbed at configure time,
# and `make package` configures on every run, so a newly added agent is picked up.
file(GLOB DDZ_SHIPPED_AGENTS ${CMAKE_SOURCE_DIR}/models/pretrained/*.ddz)
if(DDZ_SHIPPED_AGENTS)
  install(FILES ${DDZ_SHIPPED_AGENTS} DESTINATION ${CMAKE_INSTALL_DATADIR}/ddz/pretrained)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ddz)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Dou Dizhu (Fight the Landlord) engine, solvers and agents")
set(CPACK_PACKAGE_DESCRIPTION "The ddz command: rules engine, exact solvers, heuristic, MCTS and
network agents (Eigen inference of exported agents), arena, serve (JSON lines, Botzone), play
and web (a page to play against the agents, with its files built into the binary).
Built for any x86-64-v2 CPU; the LibTorch trainer is not included.")
set(CPACK_PACKAGE_CONTACT "ddz developers <ddz@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE amd64)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # ddz_<version>_amd64.deb
# Depends from what the binary really links (dpkg-shlibdeps): yaml-cpp, cpp-httplib and the C/C++ runtime.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
