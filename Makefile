# mvlint: build, install and test. `make install PREFIX="$HOME/.local"` installs into a folder you own.
#
# On Linux the binary loads the Swift runtime and the SwiftSyntax libraries of the toolchain that built it
# (usr/lib/swift/linux, usr/lib/swift/host) through its rpath, so it keeps working as long as that
# toolchain stays where it is; after moving or replacing the toolchain, run `make install` again.

PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
SWIFT ?= swift
# Extra `swift build` options, e.g. SWIFT_BUILD_FLAGS="--scratch-path /tmp/mvlint-build".
SWIFT_BUILD_FLAGS ?=
RELEASE = $(SWIFT) build -c release --product mvlint $(SWIFT_BUILD_FLAGS)

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
