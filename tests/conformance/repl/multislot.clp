;;; Templates with multislots: an empty one, a value picked out of one with $?,
;;; a multislot changed by modify.
(deftemplate order (slot id) (multislot items) (slot total (default 0)))
(deftemplate price (slot item) (slot cost))
(deffacts shop
   (price (item tea) (cost 3))
   (price (item cake) (cost 5))
   (order (id 1) (items tea cake tea))
   (order (id 2) (items)))
(defrule add_one
   ?o <- (order (items ?first $?rest) (total ?t))
   (price (item ?first) (cost ?c))
   =>
   (printout t "adding " ?first crlf)
   (modify ?o (items ?rest) (total (+ ?t ?c))))
(defrule empty_order
   (order (id ?id) (items) (total ?t))
   =>
   (printout t "order " ?id " costs " ?t crlf))
