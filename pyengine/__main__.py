import sys

from pyengine.cli import main

sys.exit(main())
