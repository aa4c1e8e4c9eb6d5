from product_analytics.cli import main

raise SystemExit(main())
