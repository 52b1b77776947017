-- A guest's ticket is casual (issue 29): it sits only with other casual tickets, and its game is
-- never rated; rated games need an account on every human seat.
ALTER TABLE tickets ADD COLUMN casual boolean NOT NULL DEFAULT false;
