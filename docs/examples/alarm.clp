;;;; An alarm for the countdown, loaded at the prompt: (load "docs/examples/alarm.clp")
(defrule ring-at-zero
   (counter (name ?who) (n 0))
   =>
   (assert (alarm ?who)))
