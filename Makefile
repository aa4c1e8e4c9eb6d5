# Every target sets up what it needs: `make demo` and `make test` work on a fresh clone.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
GENERATED := __init__.py models.py operations.py resources.py

.PHONY: install generate check-generated lint test demo bench soak clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

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
	$(PY) -m mypy src

test: install check-generated lint
	$(PY) -m pytest

demo: install
	$(PY) scripts/demo.py $(DEMO_ARGS)

bench: install
	$(PY) -m benchmarks.run $(BENCH_ARGS)

soak: install
	$(PY) scripts/soak.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
