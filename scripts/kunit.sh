#!/bin/sh
# Run the KUnit suites of configs/kunitconfig on UML (kunit.py), TAP out.
# usage: kunit.sh SRC
set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
SRC=$1
export CCACHE_DIR=${CCACHE_DIR:-$TOP/build/ccache}
cd "$SRC"
python3 tools/testing/kunit/kunit.py run --build_dir="$TOP/build/obj/kunit" \
	--kunitconfig="$TOP/configs/kunitconfig" --jobs="$(nproc)" \
	--make_options CC="ccache gcc" --raw_output=kunit
