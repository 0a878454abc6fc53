# Homebrew formula for routectl, kept in the repository (the repository is its own tap):
#
#   brew tap routectl/routectl https://github.com/routectl/routectl && brew install --HEAD routectl
#
# It builds from source with `swift build -c release` through the Makefile that `make install`
# users and CI share, and puts the binary, the man page and the three completion files where
# Homebrew expects them. (Current Homebrew installs formulae from taps only, not from a path.)
class Routectl < Formula
  desc "Look at and change a SwiftUI app's persisted navigation state"
  homepage "https://github.com/routectl/routectl"
  head "https://github.com/routectl/routectl.git", branch: "main"

  # swift-tools-version 6.0 needs Xcode 16; the package's platforms say macOS 14.
  depends_on xcode: ["16.0", :build]
  depends_on macos: :sonoma

  uses_from_macos "swift" => :build

  def install
    # SwiftPM's own sandbox cannot run inside Homebrew's.
    system "make", "install",
           "PREFIX=#{prefix}",
           "MANDIR=#{man}",
           "BASH_COMPLETION_DIR=#{bash_completion}",
           "ZSH_COMPLETION_DIR=#{zsh_completion}",
           "FISH_COMPLETION_DIR=#{fish_completion}",
           "SWIFT_BUILD_FLAGS=--disable-sandbox"
  end

  test do
    assert_path_exists bin/"routectl"
    assert_path_exists man1/"routectl.1"
    assert_path_exists bash_completion/"routectl"
    assert_path_exists zsh_completion/"_routectl"
    assert_path_exists fish_completion/"routectl.fish"
    assert_match(/^routectl \d+\.\d+\.\d+$/, shell_output("#{bin}/routectl --version"))
  end
end
