;;; A rule that opens with a test: CLIPS lists its initial pattern's * only while the
;;; test holds (ours listed it always, 1 where CLIPS counts 0; a teacher's finding).
(defglobal ?*t* = 5)
(deffacts d (a))
(defrule over (test (> ?*t* 1)) => )
(defrule under (test (> ?*t* 10)) => )
(defrule two (test (> ?*t* 10)) (a) => )
