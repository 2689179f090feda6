; grades.clp -- letter grades and the best score
(deftemplate score (slot who) (slot points))
(deffacts class
   (score (who ana) (points 91)) (score (who ben) (points 78))
   (score (who cai) (points 85)) (score (who dev) (points 62))
   (score (who eve) (points 97)))
(defrule grade-a (score (who ?w) (points ?p&:(>= ?p 90))) => (assert (grade ?w A)))
(defrule grade-b (score (who ?w) (points ?p&:(>= ?p 80)&:(< ?p 90))) => (assert (grade ?w B)))
(defrule grade-c (score (who ?w) (points ?p&:(< ?p 80))) => (assert (grade ?w C)))
(defrule best
   (score (who ?w) (points ?p))
   (not (score (points ?q&:(> ?q ?p))))
   =>
   (printout t "best: " ?w " with " ?p crlf))
