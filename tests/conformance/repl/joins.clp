;;; Joins: grandparents through a shared variable, cousins through two parents.
(deftemplate parent (slot name) (slot child))
(deftemplate related (slot kind) (slot a) (slot b))
(deffacts family
   (parent (name ann) (child bob))
   (parent (name ann) (child cid))
   (parent (name bob) (child dee))
   (parent (name cid) (child eve))
   (parent (name dee) (child fay)))
(defrule grandparent
   (parent (name ?g) (child ?p))
   (parent (name ?p) (child ?c))
   =>
   (printout t ?g " is a grandparent of " ?c crlf)
   (assert (related (kind grandparent) (a ?g) (b ?c))))
(defrule cousins
   (declare (salience 5))
   (parent (name ?px) (child ?x))
   (parent (name ?py&~?px) (child ?y&~?x))
   (parent (name ?g) (child ?px))
   (parent (name ?g) (child ?py))
   =>
   (assert (related (kind cousin) (a ?x) (b ?y))))
