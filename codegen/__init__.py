"""The SDK generator: spec/openapi.yaml in, generated modules of product_analytics out."""
