# routectl: build and install the command, its man page and its shell completions.
#
#   make                          swift build -c release
#   make install PREFIX=~/.local  the binary in PREFIX/bin, routectl.1 in PREFIX/share/man/man1,
#                                 the completions where bash-completion, zsh and fish look
#   make uninstall PREFIX=...     removes what install put there
#
# Homebrew's formula (Formula/routectl.rb) and CI run this same install. Variables: PREFIX
# (/usr/local), DESTDIR (staging, prepended to every path), BINDIR, MANDIR, BASH_COMPLETION_DIR,
# ZSH_COMPLETION_DIR, FISH_COMPLETION_DIR, CONFIGURATION (release or debug), SWIFT_BUILD_FLAGS
# (more flags for swift build: Homebrew passes --disable-sandbox; docs/packaging-linux.md has a
# static Linux build's).

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
CONFIGURATION ?= release
SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=
INSTALL ?= install

BUILD = $(SWIFT) build -c $(CONFIGURATION) $(SWIFT_BUILD_FLAGS)

.PHONY: all build install uninstall

all: build

build:
	$(BUILD) --product routectl

install: build
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(BASH_COMPLETION_DIR)" \
		"$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)"
	$(INSTALL) -m 755 "$$($(BUILD) --show-bin-path)/routectl" "$(DESTDIR)$(BINDIR)/routectl"
	$(INSTALL) -m 644 man/routectl.1 "$(DESTDIR)$(MANDIR)/man1/routectl.1"
	$(INSTALL) -m 644 completions/routectl.bash "$(DESTDIR)$(BASH_COMPLETION_DIR)/routectl"
	$(INSTALL) -m 644 completions/_routectl "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_routectl"
	$(INSTALL) -m 644 completions/routectl.fish "$(DESTDIR)$(FISH_COMPLETION_DIR)/routectl.fish"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/routectl" "$(DESTDIR)$(MANDIR)/man1/routectl.1" \
		"$(DESTDIR)$(BASH_COMPLETION_DIR)/routectl" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_routectl" \
		"$(DESTDIR)$(FISH_COMPLETION_DIR)/routectl.fish"
