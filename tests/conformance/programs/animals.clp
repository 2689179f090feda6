;;; docs/examples/animals.py in CLIPS, rule for rule: ask a few questions, name the animal.
(deftemplate trait (slot name) (slot value))
(deftemplate animal (slot name))
(deffacts questions (trait (name start) (value yes)))

(deffunction ask (?question)
   (printout t ?question)
   (bind ?line (readline))
   (if (and (stringp ?line) (eq (sub-string 1 1 (lowcase ?line)) "y")) then yes else no))

(defrule ask_fur
   (trait (name start))
   (not (trait (name fur)))
   =>
   (assert (trait (name fur) (value (ask "Does it have fur? ")))))
(defrule ask_meat
   (trait (name fur) (value yes))
   (not (trait (name meat)))
   =>
   (assert (trait (name meat) (value (ask "Does it eat meat? ")))))
(defrule ask_flies
   (trait (name fur) (value no))
   (not (trait (name flies)))
   =>
   (assert (trait (name flies) (value (ask "Does it fly? ")))))
(defrule is_tiger (trait (name meat) (value yes)) => (assert (animal (name tiger))))
(defrule is_zebra (trait (name meat) (value no)) => (assert (animal (name zebra))))
(defrule is_eagle (trait (name flies) (value yes)) => (assert (animal (name eagle))))
(defrule is_penguin (trait (name flies) (value no)) => (assert (animal (name penguin))))
(defrule announce
   (declare (salience -10))
   (animal (name ?name))
   =>
   (bind ?article (if (member$ (sub-string 1 1 ?name) (create$ "a" "e" "i" "o" "u")) then "an" else "a"))
   (printout t "It is " ?article " " ?name "." crlf))
