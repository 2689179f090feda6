;;; One retraction freeing many activations at once: a gate blocks two rules' not CEs.
(deffacts s (a 1) (a 2) (b 1) (b 2) (gate) (c 1) (c 2))
(defrule join_after_gate
   (a ?x)
   (b ?y)
   (not (gate))
   (c ?z)
   =>
   (assert (joined ?x ?y ?z)))
(defrule gate_first
   (not (gate))
   (a ?x)
   =>
   (assert (through ?x)))
(defrule open_gate
   (declare (salience -5))
   ?f <- (gate)
   =>
   (retract ?f))
