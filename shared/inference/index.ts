/** The inference layer's door: which conventions make a fixture's expected values, and how to say it. */
export { conventionObject, conventionText, fixtureInferenceSteps, inferFixture, knobsText, nearestText } from './fixtureInference';
export type { FixtureInference } from './fixtureInference';
