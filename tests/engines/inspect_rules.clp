;;;; The inspector's rule set, CLIPS side (the experta side is in inspect_rules.py):
;;;; rules that print without crlf, read, and start with a negated pattern.
(deftemplate person (slot name) (slot parent))
(deffacts family (person (name ann) (parent bob)) (person (name bob) (parent cy)))
(defglobal ?*greeting* = hello)

;; A grandparent is a parent's parent.
(defrule grandparent
   ?child <- (person (name ?c) (parent ?p))
   (person (name ?p) (parent ?g))
   (not (grand ?c ?g))
   =>
   (printout t ?c " has grandparent " ?g)
   (assert (grand ?c ?g)))

(defrule ask
   (grand ?c ?g)
   =>
   (printout t "Is " ?g " alive? ")
   (assert (alive ?g (read))))

(defrule nobody_zed
   (declare (salience -10))
   (not (person (name zed)))
   =>
   (printout t "no zed" crlf))
