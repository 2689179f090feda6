;;; The issue's family tree: a two-pattern join, a salience-5 report, a salience -5 not.
(deffacts tree
   (parent tom bob) (parent bob ann) (parent bob pat) (parent ann joe) (parent pam liz))
(defrule find_grandparent
   (parent ?g ?p)
   (parent ?p ?c)
   =>
   (assert (grandparent ?g ?c)))
(defrule report
   (declare (salience 5))
   (grandparent ?g ?c)
   =>
   (assert (reported ?g ?c)))
(defrule childless
   (declare (salience -5))
   (parent ?p ?c)
   (not (parent ?c ?))
   =>
   (assert (leaf ?c)))
