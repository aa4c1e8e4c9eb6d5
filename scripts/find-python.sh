#!/usr/bin/env bash
# Print the path of a working Python interpreter for the name or version in $1:
# `python3`, `python3.13`, `3.13` or a path. A pyenv interpreter is found too when its shim is
# not active (`pyenv which` with PYENV_VERSION set to the newest installed match).
set -uo pipefail
want=${1:-python3}
if path=$(command -v "$want" 2>/dev/null) && "$path" -c 'import sys' >/dev/null 2>&1; then
    echo "$path"
    exit 0
fi
version=$(printf '%s' "$want" | grep -oE '[0-9]+\.[0-9]+' | head -n 1)
if [ -n "$version" ] && command -v pyenv >/dev/null 2>&1; then
    for candidate in $(pyenv versions --bare | grep -E "^${version//./\\.}(\.[0-9]+)?$" | sort -r -V); do
        if path=$(PYENV_VERSION=$candidate pyenv which python 2>/dev/null) \
            && "$path" -c 'import sys' >/dev/null 2>&1; then
            echo "$path"
            exit 0
        fi
    done
fi
echo "no working Python interpreter for PYTHON=$want" >&2
exit 1
