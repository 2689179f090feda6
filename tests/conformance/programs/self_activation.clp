;;; A rule that fires on its own assertion: counting up to 5.
(deffacts seed (count 1) (limit 5))
(defrule up
   (count ?n)
   (limit ?m&:(< ?n ?m))
   =>
   (assert (count (+ ?n 1))))
(defrule square
   (count ?n)
   =>
   (assert (square ?n (* ?n ?n))))
