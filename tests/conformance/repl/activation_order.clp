;;;; (matches) lists a rule's activations as the agenda holds them: under every
;;;; strategy, and across an or's alternatives (each a rule of its own in the network,
;;;; the first sharing its join with another rule).
(deftemplate p (slot x) (slot y))
(deffacts d (p (x 1) (y 2)) (p (x 2) (y 3)) (p (x 3) (y 1)) (q 1) (q 2) (r 3))
(defrule one (q ?a) => )
(defrule either (or (q ?a) (r ?a)) (p (x ?a)) => )
