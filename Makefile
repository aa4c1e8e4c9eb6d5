# Every target sets up what it needs: `make demo` and `make test` work on a fresh clone.
#
# The interpreter: `make test PYTHON=python3.13` (or PYTHON=3.13, or a path) runs everything on
# that Python in its own virtualenv, `.venv-3.13`; without PYTHON, `python3` and `.venv`. A
# pyenv interpreter is found even when its shim is not active (scripts/find-python.sh).
SHELL := /bin/bash
PYTHON ?= python3
PYTHON_BIN := $(shell bash scripts/find-python.sh '$(PYTHON)' 2>/dev/null)
PYTHON_VERSION := $(if $(PYTHON_BIN),$(shell '$(PYTHON_BIN)' -c 'import sys; print("%d.%d" % sys.version_info[:2])'))
ifeq ($(origin PYTHON),file)
VENV := .venv
else
VENV := .venv-$(PYTHON_VERSION)
endif
PY := $(VENV)/bin/python
# Named after the interpreter's version: a venv left by another Python is rebuilt, not reused.
STAMP := $(VENV)/.installed-$(PYTHON_VERSION)
# `make demo` gets a venv of its own with the package and the `cli` extra only.
DEMO_VENV := $(VENV)-demo
DEMO_STAMP := $(DEMO_VENV)/.installed-$(PYTHON_VERSION)
GENERATED := __init__.py models.py operations.py resources.py

# Environments are installed by uv, exactly as uv.lock pins them (`--locked`: a lock that no
# longer matches pyproject.toml is an error; `make lock` updates it). uv itself, a pinned
# release from PyPI, is installed once per machine in the user's cache. Installed modules are
# compiled to bytecode at install time (`--compile-bytecode`), as pip does: where
# PYTHONDONTWRITEBYTECODE is set, nothing caches it later and every run (the generator, the
# CLI, an import) would compile its dependencies again.
UV_VERSION := 0.13.9
UV_HOME := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/product-analytics-sdk/uv-$(UV_VERSION)
UV := $(UV_HOME)/bin/uv
SYNC = UV_PROJECT_ENVIRONMENT='$(1)' '$(UV)' sync --locked --quiet --compile-bytecode --python '$(PYTHON_BIN)'

.PHONY: install generate check-generated lint test docs demo bench bench-codegen soak lock clean

$(UV):
	@test -n '$(PYTHON_BIN)' || { bash scripts/find-python.sh '$(PYTHON)'; exit 1; }
	@mkdir -p '$(dir $(UV_HOME))'
	tmp=$$(mktemp -d '$(UV_HOME).XXXXXX') && \
	'$(PYTHON_BIN)' -m pip install --quiet --disable-pip-version-check --target "$$tmp" \
		'uv==$(UV_VERSION)' && \
	{ mv -T "$$tmp" '$(UV_HOME)' 2>/dev/null || rm -rf "$$tmp"; }
	@test -x '$(UV)'

$(STAMP): pyproject.toml uv.lock Makefile | $(UV)
	@test -n '$(PYTHON_BIN)' || { bash scripts/find-python.sh '$(PYTHON)'; exit 1; }
	@echo "Python $(PYTHON_VERSION) ($(PYTHON_BIN)) in $(VENV)"
	rm -f $(VENV)/.installed-*
	$(call SYNC,$(VENV)) --extra dev
	touch $(STAMP)

$(DEMO_STAMP): pyproject.toml uv.lock Makefile | $(UV)
	@test -n '$(PYTHON_BIN)' || { bash scripts/find-python.sh '$(PYTHON)'; exit 1; }
	rm -f $(DEMO_VENV)/.installed-*
	$(call SYNC,$(DEMO_VENV)) --extra cli
	touch $(DEMO_STAMP)

install: $(STAMP)

generate: install
	$(PY) -m codegen

check-generated: install
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(PY) -m codegen --out "$$tmp" > /dev/null && \
	status=0 && for f in $(GENERATED); do \
		diff -u "src/product_analytics/_generated/$$f" "$$tmp/$$f" || status=1; \
	done && \
	if [ $$status -ne 0 ]; then echo "Generated code is stale against spec/openapi.yaml: run 'make generate' and commit." >&2; exit 1; fi && \
	echo "generated code is up to date"

lint: install
	$(PY) -m ruff check src tests codegen benchmarks scripts
	$(PY) -m ruff format --check src tests codegen benchmarks scripts
	$(PY) -m mypy src codegen

test: install check-generated lint
	$(PY) -m pytest

# The API reference, from the docstrings; any warning (a broken reference, a missing page)
# fails the build. Written to site/ (ignored by git).
docs: install
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict --site-dir site

demo: $(DEMO_STAMP)
	$(DEMO_VENV)/bin/python scripts/demo.py $(DEMO_ARGS)

# The speed guard: the scenarios' ratios against raw aiohttp (`--check` in BENCH_ARGS fails
# on a missed target), then instructions per request of bulk get against raw aiohttp
# (callgrind; fails when the SDK's are the more), then the generator's time.
bench: install
	$(PY) -m benchmarks.run $(BENCH_ARGS)
	$(PY) -m benchmarks.instructions --check
	$(MAKE) bench-codegen

# The generator on PostHog's whole spec against openapi-python-client 0.29.1 (installed into
# .bench/ on first use, not a dependency of the SDK), and the whole API's import time.
bench-codegen: install
	$(PY) scripts/bench_codegen.py --json benchmarks/codegen-results.json

soak: install
	$(PY) scripts/soak.py

# Re-resolve uv.lock after a change to the dependencies in pyproject.toml.
lock: | $(UV)
	'$(UV)' lock

clean:
	rm -rf .venv .venv-* site .pytest_cache .mypy_cache .ruff_cache .bench
