;;;; Which order CLIPS hashes a join's table on: the pattern's last field first. Here
;;;; ?b then ?a, so the first join's partial matches list bucket by bucket in that order.
(deffacts pairs (p a1 x) (p a2 x) (p a3 x) (q b1 y) (q b2 y) (q b3 y)
   (r a1 b1) (r a2 b2) (r a3 b3) (r a1 b2))
(defrule two (p ?a ?x) (q ?b ?y) (r ?a ?b) =>)
