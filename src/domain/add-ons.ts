// Which add-ons go with which gear: an add-on lists the sports it fits (a helmet goes with skis,
// boards and bikes, not with snowshoes, an avalanche kit or a climbing kit that has its own), and
// a product is offered the add-ons of its sport only. The seed links them by this rule.

/** An add-on as the catalogue describes it: the sports (slugs) it is offered with. */
export interface AddOnFit {
  sports: readonly string[];
}

/** Whether the add-on is offered with gear of this sport. */
export function addOnFitsSport(addOn: AddOnFit, sport: string): boolean {
  return addOn.sports.includes(sport);
}

