;;; zebra.clp -- a four-house logic puzzle in the style of the zebra puzzle.
;;; Four houses in a row, numbered 1 to 4 from left to right; each has one
;;; colour, one owner's nationality, one pet and one drink, all different.
;;;
;;;  1. The spaniard owns the dog.
;;;  2. Coffee is drunk in the green house.
;;;  3. The green house is immediately to the right of the yellow house.
;;;  4. The bird lives in the yellow house.
;;;  5. Tea is drunk immediately to the right of the house where milk is drunk.
;;;  6. The japanese lives next to the italian.
;;;  7. The italian drinks water.
;;;  8. The blue house is immediately to the right of the red house.
;;;  9. The cat lives next to the house where coffee is drunk.
;;;
;;; Who owns the fish? Who drinks the milk?

(deftemplate av
   (slot a)
   (slot v)
   (slot h))

(deffacts attributes
   (attribute color yellow green red blue)
   (attribute nat italian japanese english spanish)
   (attribute pet bird fish cat dog)
   (attribute drink water coffee milk tea)
   (houses 4))

;;; every value may be in every house, to start with
(defrule possibilities
   (declare (salience 10))
   (houses ?n)
   (attribute ?a $?values)
   =>
   (progn$ (?v $?values)
      (loop-for-count (?h 1 ?n) do
         (assert (av (a ?a) (v ?v) (h ?h))))))

(defrule solve
   (av (a color) (v yellow) (h ?yellow))
   (av (a color) (v green) (h ?green&=(+ ?yellow 1)))
   (av (a color) (v red) (h ?red&~?yellow&~?green))
   (av (a color) (v blue) (h ?blue&=(+ ?red 1)&~?yellow&~?green))
   (av (a pet) (v bird) (h ?yellow))
   (av (a drink) (v coffee) (h ?green))
   (av (a pet) (v cat) (h ?cat&~?yellow&:(= (abs (- ?cat ?green)) 1)))
   (av (a nat) (v italian) (h ?italian))
   (av (a drink) (v water) (h ?italian&~?green))
   (av (a drink) (v milk) (h ?milk&~?green&~?italian))
   (av (a drink) (v tea) (h ?tea&=(+ ?milk 1)&~?green&~?italian))
   (av (a nat) (v japanese) (h ?japanese&~?italian&:(= (abs (- ?japanese ?italian)) 1)))
   (av (a nat) (v spanish) (h ?spanish&~?italian&~?japanese))
   (av (a pet) (v dog) (h ?spanish&~?yellow&~?cat))
   (av (a nat) (v english) (h ?english&~?italian&~?japanese&~?spanish))
   (av (a pet) (v fish) (h ?fish&~?yellow&~?cat&~?spanish))
   =>
   (printout t "a solution:" crlf)
   (assert (solution color yellow ?yellow) (solution color green ?green)
           (solution color red ?red) (solution color blue ?blue)
           (solution nat italian ?italian) (solution nat japanese ?japanese)
           (solution nat spanish ?spanish) (solution nat english ?english)
           (solution pet bird ?yellow) (solution pet cat ?cat)
           (solution pet dog ?spanish) (solution pet fish ?fish)
           (solution drink coffee ?green) (solution drink water ?italian)
           (solution drink milk ?milk) (solution drink tea ?tea))
   (assert (show-house 1)))

(defrule show-house
   ?s <- (show-house ?h)
   (solution color ?c ?h)
   (solution nat ?n ?h)
   (solution pet ?p ?h)
   (solution drink ?d ?h)
   (houses ?last)
   =>
   (retract ?s)
   (printout t "  house " ?h ": " ?c ", " ?n ", " ?p ", " ?d crlf)
   (if (< ?h ?last) then (assert (show-house (+ ?h 1)))))

(defrule fish-owner
   (declare (salience -10))
   (solution pet fish ?h)
   (solution nat ?n ?h)
   =>
   (assert (answer fish ?n))
   (printout t "The " ?n " owns the fish." crlf))

(defrule milk-drinker
   (declare (salience -10))
   (solution drink milk ?h)
   (solution nat ?n ?h)
   =>
   (assert (answer milk ?n))
   (printout t "The " ?n " drinks the milk." crlf))

(defrule no-solution
   (declare (salience -20))
   (not (solution $?))
   =>
   (printout t "no solution" crlf))
