; basket.clp -- the total of a shopping basket
(deftemplate item (slot name) (slot price) (slot counted (default no)))
(deftemplate total (slot sum (default 0)))
(deffacts basket
   (total)
   (item (name bread) (price 3))
   (item (name milk) (price 2))
   (item (name apples) (price 4)))
(defrule add
   ?i <- (item (price ?p) (counted no))
   ?t <- (total (sum ?s))
   =>
   (modify ?i (counted yes))
   (modify ?t (sum (+ ?s ?p))))
(defrule done
   (declare (salience -10))
   (total (sum ?s))
   =>
   (printout t "total " ?s crlf))
