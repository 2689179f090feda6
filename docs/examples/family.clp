;;;; A family tree in CLIPS: who is whose sibling and grandparent, and who has no
;;;; grandchild yet.  Open it, from the repository root, with:
;;;;     pyengine shell clp docs/examples/family.clp --stage GO

(deftemplate person
   (slot name)
   (slot sex)
   (slot parent))

(deftemplate relation
   (slot kind)
   (slot of)
   (slot is))

(deffacts family
   (person (name Ann) (sex female) (parent none))
   (person (name Bob) (sex male) (parent Ann))
   (person (name Cid) (sex male) (parent Ann))
   (person (name Dee) (sex female) (parent Bob))
   (person (name Eve) (sex female) (parent Bob)))

;;; Two people with the same parent are siblings.
(defrule find-siblings
   (person (name ?a) (parent ?p&~none))
   (person (name ?b&~?a) (parent ?p))
   =>
   (assert (relation (kind sibling) (of ?a) (is ?b))))

;;; A parent's parent is a grandparent.
(defrule find-grandparents
   (person (name ?c) (parent ?p))
   (person (name ?p) (parent ?g&~none))
   =>
   (assert (relation (kind grandparent) (of ?c) (is ?g))))

;;; A root of the tree (no parent) with no grandchild yet; said last (salience -10).
(defrule report-roots
   (declare (salience -10))
   (person (name ?r) (parent none))
   (not (relation (kind grandparent) (is ?r)))
   =>
   (printout t ?r " has no grandchildren yet" crlf))

;;; Say each grandparent once the tree is done.
(defrule report-grandparents
   (declare (salience -5))
   (relation (kind grandparent) (of ?c) (is ?g))
   =>
   (printout t ?g " is a grandparent of " ?c crlf))
