;; deftemplate-slot-... questions on both engines (tests/engines/test_clp_on_ours.py).
(deftemplate p
   (slot a) (slot b (type INTEGER) (range 0 10) (default 3))
   (multislot c (cardinality 1 4)) (slot d (allowed-symbols x y) (allowed-numbers 1 2.5))
   (slot e (default-dynamic (gensym))) (slot f (default ?NONE)) (multislot g)
   (slot h (type NUMBER)) (slot i (allowed-values 1 a "s")) (slot j (type SYMBOL STRING))
   (slot k (range ?VARIABLE 5)) (slot l (type LEXEME)) (multislot m (cardinality ?VARIABLE 3))
   (slot n (default ?DERIVE)) (slot o (type FLOAT) (range 1.5 ?VARIABLE))
   (multislot q (cardinality 2 ?VARIABLE)) (slot s (type INTEGER SYMBOL)))
(deftemplate empty)
(deffacts start (zz 1))
(deffunction ask (?t ?s)
   (printout t ?t " " ?s ":"
      " exists " (deftemplate-slot-existp ?t ?s))
   (if (deftemplate-slot-existp ?t ?s) then
      (printout t
         " multi " (deftemplate-slot-multip ?t ?s)
         " single " (deftemplate-slot-singlep ?t ?s)
         " defaultp " (deftemplate-slot-defaultp ?t ?s)
         " default " (deftemplate-slot-default-value ?t ?s)
         " allowed " (deftemplate-slot-allowed-values ?t ?s)
         " range " (deftemplate-slot-range ?t ?s)
         " types " (deftemplate-slot-types ?t ?s)
         " card " (deftemplate-slot-cardinality ?t ?s)))
   (printout t crlf))
(defrule go (zz ?)
   =>
   (printout t (deftemplate-slot-names p) " " (deftemplate-slot-names empty) " "
               (deftemplate-slot-names zz) " " (deftemplate-slot-names nosuch) crlf)
   (foreach ?s (create$ (deftemplate-slot-names p) nosuch) (ask p ?s))
   (ask zz implied)
   (ask zz other))
