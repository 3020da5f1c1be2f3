# Sourced by .ci/browser.sh and .ci/blob-browser.sh: installs what driving headless Chromium needs
# where it is missing (Debian's chromium and node from apt, plus any further apt packages named),
# then playwright-core from the browser test host's lock file (tests/Blake2Fast.Browser, npm ci),
# which both scripts' node programs load.
# Usage: install_browser_tools [APT_COMMAND:APT_PACKAGE ...]
install_browser_tools() {
  local missing=() wanted
  command -v chromium >/dev/null || missing+=(chromium)
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
  for wanted in "$@"; do
    command -v "${wanted%%:*}" >/dev/null || missing+=("${wanted#*:}")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  echo "chromium: $(chromium --version 2>/dev/null | head -1), node $(node --version)"
  (cd tests/Blake2Fast.Browser && npm ci --no-audit --no-fund --loglevel=error)
}
