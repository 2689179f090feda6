;;;; A counter counted down by modify: one fact, four versions.
;;;; Open it with:  pyengine shell clp docs/examples/countdown.clp

(deftemplate counter
   (slot name)
   (slot n))

(deffacts start
   (counter (name b) (n 3)))

;;; While the counter is above zero, take one off (the same fact, a new version).
(defrule count-down
   ?c <- (counter (n ?n&:(> ?n 0)))
   =>
   (modify ?c (n (- ?n 1))))
