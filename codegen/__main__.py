"""The SDK generator: spec/openapi.yaml in, generated modules of product_analytics out."""

from codegen.generate import main

if __name__ == "__main__":  # not when a worker process imports it
    raise SystemExit(main())
