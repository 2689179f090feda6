;;; or: two ways to be a pet.
(deffacts animals (animal rex dog) (animal tom cat) (animal ed fish) (friendly ed))
(defrule pet
   (animal ?n ?k)
   (or (test (eq ?k dog)) (test (eq ?k cat)) (friendly ?n))
   =>
   (assert (pet ?n)))
(defrule count_pets
   (pet ?a)
   (pet ?b&~?a)
   =>
   (assert (pair ?a ?b)))
