;;; family.clp -- a four-generation family: parents give ancestors (by
;;; recursion over the parent relation), siblings, cousins and second cousins;
;;; then each person's known ancestors are counted and reported.

(deftemplate person
   (slot name)
   (slot sex))

(deftemplate parent-of
   (slot parent)
   (slot child))

(deftemplate ancestor
   (slot anc)
   (slot desc)
   (slot depth (default 1)))

(deftemplate tally
   (slot person)
   (slot n (default 0))
   (multislot seen))

(deffacts people
   (person (name adam) (sex male))     (person (name eve) (sex female))
   (person (name frank) (sex male))    (person (name grace) (sex female))
   (person (name bob) (sex male))      (person (name carol) (sex female))
   (person (name dan) (sex male))      (person (name helen) (sex female))
   (person (name ivan) (sex male))     (person (name nora) (sex female))
   (person (name jack) (sex male))     (person (name kate) (sex female))
   (person (name liam) (sex male))     (person (name mia) (sex female))
   (person (name oscar) (sex male))    (person (name pam) (sex female))
   (person (name rob) (sex male))      (person (name quinn) (sex female))
   (person (name sara) (sex female))   (person (name tom) (sex male)))

(deffacts parents
   (parent-of (parent adam) (child bob))    (parent-of (parent eve) (child bob))
   (parent-of (parent adam) (child carol))  (parent-of (parent eve) (child carol))
   (parent-of (parent adam) (child dan))    (parent-of (parent eve) (child dan))
   (parent-of (parent frank) (child helen)) (parent-of (parent grace) (child helen))
   (parent-of (parent frank) (child ivan))  (parent-of (parent grace) (child ivan))
   (parent-of (parent bob) (child jack))    (parent-of (parent helen) (child jack))
   (parent-of (parent bob) (child kate))    (parent-of (parent helen) (child kate))
   (parent-of (parent carol) (child liam))  (parent-of (parent ivan) (child liam))
   (parent-of (parent carol) (child mia))   (parent-of (parent ivan) (child mia))
   (parent-of (parent dan) (child oscar))   (parent-of (parent nora) (child oscar))
   (parent-of (parent jack) (child quinn))  (parent-of (parent pam) (child quinn))
   (parent-of (parent mia) (child sara))    (parent-of (parent rob) (child sara))
   (parent-of (parent mia) (child tom))     (parent-of (parent rob) (child tom)))

;;; ---- ancestors: a parent is an ancestor; a parent of an ancestor is one too

(defrule parent-is-ancestor "a parent is an ancestor one generation up"
   (parent-of (parent ?p) (child ?c))
   =>
   (assert (ancestor (anc ?p) (desc ?c))))

(defrule ancestor-of-ancestor
   (parent-of (parent ?p) (child ?c))
   (ancestor (anc ?c) (desc ?d) (depth ?n))
   =>
   (assert (ancestor (anc ?p) (desc ?d) (depth (+ ?n 1)))))

;;; ---- siblings and cousins

(defrule siblings
   (parent-of (parent ?p) (child ?a))
   (parent-of (parent ?p) (child ?b&~?a))
   (not (sibling ?a ?b))
   =>
   (assert (sibling ?a ?b)))

(defrule cousins
   (sibling ?x ?y)
   (parent-of (parent ?x) (child ?a))
   (parent-of (parent ?y) (child ?b))
   (not (cousin ?a ?b))
   =>
   (assert (cousin ?a ?b)))

(defrule second-cousins
   (cousin ?x ?y)
   (parent-of (parent ?x) (child ?a))
   (parent-of (parent ?y) (child ?b))
   (not (second-cousin ?a ?b))
   =>
   (assert (second-cousin ?a ?b))
   (printout t ?a " and " ?b " are second cousins" crlf))

(defrule grandmother
   (ancestor (anc ?g) (desc ?d) (depth 2))
   (person (name ?g) (sex female))
   (person (name ?d) (sex ?s))
   =>
   (printout t ?g " is " ?d "'s grandmother"
             (if (eq ?s female) then " (a granddaughter)" else " (a grandson)") crlf))

;;; ---- counting: one tally a person, each ancestor counted once

(defrule open-tally
   (declare (salience -5))
   (person (name ?p))
   (not (tally (person ?p)))
   =>
   (assert (tally (person ?p))))

(defrule count-ancestor
   (declare (salience -10))
   (ancestor (anc ?a) (desc ?d))
   ?t <- (tally (person ?d) (n ?n) (seen $?s&:(not (member$ ?a $?s))))
   =>
   (modify ?t (n (+ ?n 1)) (seen $?s ?a)))

(defrule report-tally
   (declare (salience -20))
   (tally (person ?p) (n ?n&:(> ?n 0)))
   (not (ancestor (anc ?p)))
   =>
   (printout t ?p " has " ?n " known ancestors and no descendants" crlf))

(defrule report-oldest
   (declare (salience -20))
   (ancestor (anc ?a) (desc ?d) (depth ?n))
   (not (ancestor (desc ?d) (depth ?m&:(> ?m ?n))))
   (not (ancestor (desc ?a)))
   (test (>= ?n 3))
   =>
   (printout t ?a " is " ?d "'s " (if (= ?n 3) then "great-grandparent" else "distant ancestor")
             " (" ?n " generations)" crlf))

(defrule count-cousins
   (declare (salience -30))
   (person (name ?p))
   (exists (cousin ?p ?))
   =>
   (printout t ?p " has cousins" crlf))
