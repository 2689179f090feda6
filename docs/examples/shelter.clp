;;;; Logical support: what holds a fact up. A shelter is open while someone needs it;
;;;; someone needs it while it rains and they have no umbrella.
(deffacts weather (rain) (person ann) (person bob))

(defrule need-shelter
   (logical (rain) (person ?p) (not (umbrella ?p)))
   =>
   (assert (needs-shelter ?p)))

(defrule open-shelter
   (logical (needs-shelter ?p))
   =>
   (assert (shelter open)))
