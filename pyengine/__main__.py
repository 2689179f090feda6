import sys

from pyengine.ui.cli import main

sys.exit(main())
