"""Rule sets: CLIPS .clp files and experta KnowledgeEngines, one per puzzle."""
