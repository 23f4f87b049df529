/** balena's own wording, which balena-sdk application.membership.create also throws client-side. */
export const FLEET_MEMBER_NOT_IN_ORGANIZATION =
  'It is necessary that each user (Auth) that is member of an application that has an organization, is member of the organization';

export const TEAM_MEMBER_NOT_IN_ORGANIZATION = "The user must be a member of the team's organization before joining one of its teams";

export const TEAM_FLEET_OTHER_ORGANIZATION = "A team can only be given access to fleets of the team's organization";
