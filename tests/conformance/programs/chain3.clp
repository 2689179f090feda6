;;; A three-pattern join: paths of two edges.
(deffacts graph (edge a b) (edge b c) (edge c d) (edge b d) (edge d a))
(defrule path2
   (edge ?x ?y)
   (edge ?y ?z&~?x)
   (edge ?z ?w&~?y)
   =>
   (assert (path ?x ?w)))
