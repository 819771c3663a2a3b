# The README's two commands, `make demo` and `make test`, and the developers' `make package` and
# `make sanitize`. All install missing Debian packages (apt-get, as root) before building.
PACKAGES := g++ cmake make dpkg-dev clang-format libtorch-dev libopenblas0-pthread libeigen3-dev libyaml-cpp-dev \
            libgtest-dev libgmock-dev libbenchmark-dev nlohmann-json3-dev libcli11-dev \
            pkg-config libcpp-httplib-dev chromium chromium-driver python3-selenium \
            pybind11-dev python3-dev python3-numpy python3-pytest python3-venv python3-pip python3-torch \
            python3-git python3-termcolor
BUILD_DIR ?= build
JOBS ?= 2
# WERROR=ON for developers and CI: a user's build never fails on a new compiler's warning.
WERROR ?= OFF
# -march of the build: native, or a portable level (x86-64-v2, x86-64-v3, x86-64-v4).
ARCH ?= native
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release
# The Debian package: a separate torch-free, portable (x86-64-v2) build of `ddz` alone.
PACKAGE_DIR = $(BUILD_DIR)/package
# Sanitizer builds: every test under ASan+UBSan, the threaded suites under TSan (docs/sanitizers.md).
# No Python module there: an instrumented module only loads into a python started with the
# sanitizer runtime preloaded, and the C++ it binds is covered by the C++ suites.
ASAN_DIR ?= build-asan
TSAN_DIR ?= build-tsan
SANITIZE_FLAGS = -DDDZ_WERROR=$(WERROR) -DDDZ_ARCH=$(ARCH) -DDDZ_ARCH_CHECKS=OFF -DDDZ_BENCH=OFF \
                 -DDDZ_PACKAGE_TEST=OFF -DDDZ_PYTHON=OFF -DDDZ_BROWSER_TEST=OFF

.PHONY: all deps build demo test bench package sanitize sanitize-asan sanitize-tsan clean

all: build

deps:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" != "0" ]; then \
	    echo "error: missing Debian packages:$$missing"; \
	    echo "       run as root, or: sudo apt-get update && sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	  echo "installing missing Debian packages:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: deps
	cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS) -DDDZ_WERROR=$(WERROR) -DDDZ_ARCH=$(ARCH)
	cmake --build $(BUILD_DIR) -j$(JOBS)

demo: build
	./scripts/demo.sh $(BUILD_DIR)

# The package is built first: test_package checks the .deb that it writes.
test: build package
	cd $(BUILD_DIR) && ctest --output-on-failure -j$(JOBS)

bench: build
	./$(BUILD_DIR)/ddz bench

# Writes $(BUILD_DIR)/ddz_<version>_amd64.deb (cmake/Packaging.cmake says what it holds). The
# package holds the ddz binary alone, so its build leaves out the Python module.
package: deps
	cmake -S . -B $(PACKAGE_DIR) -DCMAKE_BUILD_TYPE=Release -DDDZ_WERROR=$(WERROR) -DDDZ_ARCH=x86-64-v2 \
	  -DDDZ_WITH_TORCH=OFF -DDDZ_TESTS=OFF -DDDZ_BENCH=OFF -DDDZ_ARCH_CHECKS=OFF -DDDZ_PYTHON=OFF
	cmake --build $(PACKAGE_DIR) -j$(JOBS) --target ddz
	rm -f $(BUILD_DIR)/ddz_*_amd64.deb
	cd $(PACKAGE_DIR) && cpack -G DEB -B $(abspath $(PACKAGE_DIR))/cpack
	cp $(PACKAGE_DIR)/cpack/ddz_*_amd64.deb $(BUILD_DIR)/
	@ls $(BUILD_DIR)/ddz_*_amd64.deb

sanitize: sanitize-asan sanitize-tsan

# halt_on_error: the first report fails its test (the Asan type also has -fno-sanitize-recover).
sanitize-asan: deps
	cmake -S . -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Asan $(SANITIZE_FLAGS)
	cmake --build $(ASAN_DIR) -j$(JOBS)
	cd $(ASAN_DIR) && ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:abort_on_error=0 \
	  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ctest --output-on-failure -j$(JOBS)

sanitize-tsan: deps
	cmake -S . -B $(TSAN_DIR) -DCMAKE_BUILD_TYPE=Tsan $(SANITIZE_FLAGS)
	cmake --build $(TSAN_DIR) -j$(JOBS)
	cd $(TSAN_DIR) && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp" \
	  ctest --output-on-failure -j$(JOBS) -L threads

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(TSAN_DIR)
