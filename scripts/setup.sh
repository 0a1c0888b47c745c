#!/usr/bin/env bash
# Installs the Debian packages render-keyboard builds and renders with, when missing.
# The font packages are part of the contract: golden images depend on exactly these fonts.
set -euo pipefail
packages=(pkg-config libcairo2-dev libpango1.0-dev libpng-dev libjpeg-dev libfontconfig-dev fonts-dejavu-core fonts-wqy-microhei fonts-roboto fonts-inter fonts-noto-core)
# --browser: what the tests need beyond that: headless Chromium for the gallery and live
# preview tests, chromedriver with Selenium (PyPI) to drive the live preview page, and zsh
# and fish to check the completion scripts in the shells they are for; and the two other
# SVG renderers the SVG is held to its PNG in (scripts/svg-fidelity.py): librsvg's
# rsvg-convert and resvg (PyPI resvg-cli), with colour-science for CIEDE2000 and Pillow to
# read the rasters.
if [ "${1:-}" = "--browser" ]; then
  packages+=(chromium chromium-driver zsh fish librsvg2-bin)
  python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium >&2
  python3 -c "import colour, PIL" 2>/dev/null || python3 -m pip install -q colour-science pillow >&2
  command -v resvg >/dev/null || python3 -m pip install -q resvg-cli >&2
fi
# The lint tests validate SARIF logs against the SARIF 2.1.0 schema (a copy in
# Tests/EndToEndTests/Fixtures) with jsonschema, which checks URIs with rfc3986-validator.
python3 -c "import jsonschema, rfc3986_validator" 2>/dev/null || python3 -m pip install -q jsonschema rfc3986-validator >&2
# The font coverage tests read each pinned font's character map with fontTools, on their own,
# to check the renderer's word that every script of the apps' layouts is drawn.
python3 -c "import fontTools" 2>/dev/null || python3 -m pip install -q fonttools >&2
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
