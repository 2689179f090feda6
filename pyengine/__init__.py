"""pyengine: classic word puzzles as forward-chaining rule systems.

Rule sets run on CLIPS (through clipspy) or experta; this package loads them,
declares facts, walks the stages and reads the results back.
"""
__version__ = "0.1.0"
