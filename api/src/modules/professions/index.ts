// The programme's rules per profession (domain.md): what other modules apply where points are credited or spent.

export { professionRulesRoutes } from './routes';
export {
  allRules,
  awaitingDisclosure,
  earnsNothing,
  experiencesOpen,
  refuseEarningNothing,
  rulesOfProfession,
  rulesOfProfessional,
} from './rules';
