"""API v1: OpenAPI at /api/v1/openapi.json, interactive docs at /api/v1/docs."""

from ninja import NinjaAPI, Swagger

from api.clubs import router as clubs
from api.errors import install_handlers
from api.matches import router as matches
from api.players import router as players
from api.tournaments import router as tournaments

api = NinjaAPI(
    title="Politaine score keeper API",
    version="1",
    description=(
        "Read and write matches of La Politaine / Le Quatre Sept / La Poule and La Quadrette "
        "with the same rules as the score keeper's pages, run tournaments, read clubs, and "
        "sign up for a club's nights (the player's door: `/me`). "
        "Send `Authorization: Bearer <token>`: "
        "a personal token (account page, or `manage.py api_token USERNAME`) or a match's score "
        "keeper token (for that match only). Messages follow `Accept-Language` (fr, en)."
    ),
    urls_namespace="api-v1",
    docs_url="/docs",
    # Without deep links, an operation's path is text inside its button, not a link nested in
    # it (axe: nested-interactive). The page is templates/ninja/swagger.html.
    docs=Swagger(settings={"deepLinking": False}),
    openapi_url="/openapi.json",
)
install_handlers(api)
api.add_router("/", matches)
api.add_router("/", tournaments)
api.add_router("/", clubs)
api.add_router("/", players)
