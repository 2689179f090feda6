;;;; Memories big enough that CLIPS's hash tables grow (past 187 partial matches, and
;;;; past 2,057): (matches) lists them in CLIPS's order before and after, with numbers,
;;;; floats, symbols and strings hashed, and after retractions empty some buckets.

(defrule make (declare (salience 100))
   =>
   (loop-for-count (?i 1 40)
      (assert (a ?i))
      (assert (a (sym-cat x ?i))))
   (loop-for-count (?j 1 30)
      (assert (b (* ?j 3)))
      (assert (b (* ?j 1.5)))
      (assert (b (str-cat "s" ?j))))
   (assert (c 3 9) (c x7 "s4") (c 10 15.0)))

(defrule pair
   (a ?x)
   (b ?y)
   (c ?x ?y)
   =>
   (printout t "pair " ?x " " ?y crlf))

(defrule lonely
   (a ?x)
   (not (and (b ?y) (c ?x ?y)))
   =>)
