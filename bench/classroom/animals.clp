; animals.clp -- which kind of animal
(deftemplate animal (slot name) (slot legs) (slot covering))
(deffacts zoo
   (animal (name robin) (legs 2) (covering feathers))
   (animal (name cat) (legs 4) (covering fur))
   (animal (name snake) (legs 0) (covering scales))
   (animal (name bat) (legs 2) (covering fur)))
(defrule bird (animal (name ?n) (covering feathers)) => (assert (kind ?n bird)))
(defrule mammal (animal (name ?n) (covering fur)) => (assert (kind ?n mammal)))
(defrule reptile (animal (name ?n) (legs 0) (covering scales)) => (assert (kind ?n reptile)))
(defrule report (kind ?n ?k) => (printout t ?n " is a " ?k crlf))
