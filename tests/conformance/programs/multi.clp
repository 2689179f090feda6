;;; One assertion activating several rules at once.
(deftemplate reading (slot sensor) (slot value))
(deffacts start (reading (sensor t1) (value 30)))
(defrule hot (reading (sensor ?s) (value ?v&:(> ?v 25))) => (assert (alert hot ?s)))
(defrule warm (reading (sensor ?s) (value ?v&:(> ?v 20))) => (assert (alert warm ?s)))
(defrule any (reading (sensor ?s)) => (assert (alert seen ?s)))
(defrule escalate
   (alert hot ?s)
   (alert warm ?s)
   =>
   (assert (reading (sensor t2) (value 22))))
