;;; animal.clp -- the animal-guessing game: the program walks a tree of yes/no
;;; questions, guesses an animal at a leaf and, when it is wrong, asks the
;;; player for the animal and a question that tells the two apart, and grows
;;; the tree. Answers are read with (read); names and questions with (readline).

(defglobal ?*games* = 0)
(defglobal ?*questions* = 0)

(deftemplate node
   (slot name)
   (slot type (default answer))
   (slot question (default ""))
   (slot yes (default none))
   (slot no (default none))
   (slot animal (default none)))

(deffacts knowledge
   (node (name root) (type decision) (question "Is it warm-blooded?")
         (yes purrs) (no reptile))
   (node (name purrs) (type decision) (question "Does it purr?") (yes cat) (no dog))
   (node (name cat) (animal cat))
   (node (name dog) (animal dog))
   (node (name reptile) (animal snake))
   (new-game))

(deffunction ask-yes-no (?question)
   (printout t ?question " (yes or no) ")
   (bind ?answer (read))
   (while (and (neq ?answer yes) (neq ?answer no) (neq ?answer EOF)) do
      (printout t "Please answer yes or no: ")
      (bind ?answer (read)))
   ?answer)

(deffunction without-article (?text)
   (bind ?words (explode$ (lowcase ?text)))
   (if (and (> (length$ ?words) 1) (member$ (nth$ 1 ?words) (create$ a an the)))
    then (bind ?words (rest$ ?words)))
   (implode$ ?words))

(defrule start-game
   ?g <- (new-game)
   =>
   (retract ?g)
   (bind ?*games* (+ ?*games* 1))
   (printout t "Game " ?*games* ": think of an animal." crlf)
   (assert (current root)))

(defrule ask-question
   ?c <- (current ?n)
   (node (name ?n) (type decision) (question ?q) (yes ?y) (no ?no))
   =>
   (retract ?c)
   (bind ?*questions* (+ ?*questions* 1))
   (bind ?answer (ask-yes-no ?q))
   (if (eq ?answer yes) then (assert (current ?y))
    else (if (eq ?answer no) then (assert (current ?no))
          else (assert (quit)))))

(defrule guess
   ?c <- (current ?n)
   (node (name ?n) (type answer) (animal ?a))
   =>
   (retract ?c)
   (bind ?answer (ask-yes-no (str-cat "Is it a " ?a "?")))
   (if (eq ?answer yes) then
      (printout t "I guessed it!" crlf)
      (assert (play-again))
    else (if (eq ?answer no) then (assert (learn ?n)) else (assert (quit)))))

(defrule learn
   ?l <- (learn ?n)
   ?leaf <- (node (name ?n) (animal ?old))
   =>
   (retract ?l)
   (printout t "I give up. What is your animal? ")
   (bind ?new (without-article (readline)))
   (printout t "What question tells a " ?new " from a " ?old "?" crlf)
   (bind ?q (readline))
   (bind ?answer (ask-yes-no (str-cat "For a " ?new ", what is the answer?")))
   (bind ?new-leaf (gensym))
   (bind ?old-leaf (gensym))
   (assert (node (name ?new-leaf) (animal ?new)))
   (assert (node (name ?old-leaf) (animal ?old)))
   (if (eq ?answer yes)
    then (modify ?leaf (type decision) (question ?q) (yes ?new-leaf) (no ?old-leaf) (animal none))
    else (modify ?leaf (type decision) (question ?q) (yes ?old-leaf) (no ?new-leaf) (animal none)))
   (printout t "Thanks, I now know " ?new "." crlf)
   (assert (play-again)))

(defrule play-again
   ?p <- (play-again)
   =>
   (retract ?p)
   (if (eq (ask-yes-no "Play again?") yes)
    then (assert (new-game))
    else (assert (quit))))

(defrule goodbye
   (declare (salience -10))
   ?q <- (quit)
   =>
   (retract ?q)
   (printout t "Played " ?*games* " games, asked " ?*questions* " questions." crlf))

(defrule list-animal
   (declare (salience -20))
   (node (type answer) (animal ?a))
   =>
   (printout t "I know: " ?a crlf))
