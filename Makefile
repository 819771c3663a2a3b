# The README's two commands: `make demo` and `make test`. Both install missing Debian packages
# (apt-get, as root), configure and build Release into build/, then run.
PACKAGES := g++ cmake make libtorch-dev libopenblas0-pthread libeigen3-dev libyaml-cpp-dev \
            libgtest-dev libgmock-dev libbenchmark-dev nlohmann-json3-dev libcli11-dev
BUILD_DIR ?= build
JOBS ?= 2
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release

.PHONY: all deps build demo test bench clean

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
	cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS)
	cmake --build $(BUILD_DIR) -j$(JOBS)

demo: build
	./scripts/demo.sh $(BUILD_DIR)

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j$(JOBS)

bench: build
	./$(BUILD_DIR)/ddz bench

clean:
	rm -rf $(BUILD_DIR)
