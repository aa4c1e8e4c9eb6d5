"""`product-analytics`: the command line. `main()` is the console script's entry point."""

from product_analytics.cli.main import main

__all__ = ["main"]
