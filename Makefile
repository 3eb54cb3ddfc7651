# mvlint: build, install and test. `make install PREFIX="$HOME/.local"` installs into a folder you own.
#
# By default on Linux the binary loads the Swift runtime and the SwiftSyntax libraries of the toolchain that built it
# (usr/lib/swift/linux, usr/lib/swift/host) through its rpath, so it keeps working as long as that
# toolchain stays where it is; after moving or replacing the toolchain, run `make install` again.
#
# `make install SWIFT_SYNTAX=package` compiles swift-syntax from its package into the binary instead (SwiftPM fetches
# it once; the first build takes about ten minutes). On Linux it also links the Swift runtime and Foundation in
# (`--static-swift-stdlib`) and lets the compiler inline swift-syntax's code into mvlint's
# (`-cross-module-optimization`): the binary is self-contained and lints about seven times faster than one on the
# toolchain's libraries (docs/PERFORMANCE.md, "A self-contained Linux binary"). Its code asks for generic types'
# metadata through their accessors (`-disable-concrete-type-metadata-mangled-name-accessors`, as toolchain mode's
# MVLintKit does in Package.swift), not by demangling names and scanning conformances at each type's first use.

PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
SWIFT ?= swift
# Extra `swift build` options, e.g. SWIFT_BUILD_FLAGS="--scratch-path /tmp/mvlint-build".
SWIFT_BUILD_FLAGS ?=
# Where SwiftSyntax comes from: empty (the toolchain's where it has it, else the package), `toolchain` or `package`.
SWIFT_SYNTAX ?=
ifeq ($(SWIFT_SYNTAX)$(shell uname -s),packageLinux)
PACKAGE_FLAGS = --static-swift-stdlib -Xswiftc -cross-module-optimization \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
endif
RELEASE = $(if $(SWIFT_SYNTAX),MVLINT_SWIFT_SYNTAX=$(SWIFT_SYNTAX) )$(SWIFT) build -c release --product mvlint $(PACKAGE_FLAGS) $(SWIFT_BUILD_FLAGS)

.PHONY: build install uninstall test codegen

build:
	$(RELEASE)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(RELEASE) --show-bin-path)/mvlint" "$(DESTDIR)$(BINDIR)/mvlint"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/mvlint"

test:
	$(SWIFT) test $(SWIFT_BUILD_FLAGS)

# Rewrites the analysis cache's coder after a cached fact type changed (`FactCodingTests` says when).
codegen:
	$(SWIFT) run $(SWIFT_BUILD_FLAGS) mvlint-codegen
