from codegen.generate import main

raise SystemExit(main())
