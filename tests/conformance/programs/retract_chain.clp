;;; Retraction chains: each removal makes the next possible.
(deffacts stack (box 1) (box 2) (box 3) (box 4) (on 2 1) (on 3 2) (on 4 3))
(defrule take_top
   ?b <- (box ?x)
   (not (on ? ?x))
   =>
   (retract ?b)
   (assert (taken ?x)))
(defrule free_below
   (taken ?x)
   ?o <- (on ?x ?y)
   =>
   (retract ?o))
