"""Our engine: a Rete network, agenda and run loop, with two front ends (experta's rule
language and CLIPS .clp source). See docs/architecture.md, "The engine"."""
