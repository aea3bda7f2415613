// The API's interactive docs (templates/ninja/swagger.html): django-ninja's Swagger UI set-up
// (ninja/swagger-ui-init.js), plus a heading between the API's title (h1) and its groups of
// operations (h3), so that the headings go down one level at a time.
const body = document.body.dataset;
const config = JSON.parse(document.getElementById("swagger-settings").textContent);
config.dom_id = "#swagger-ui";
config.presets = [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset];
if (body.apiCsrf && body.csrfToken) {
  config.requestInterceptor = (request) => {
    request.headers["X-CSRFToken"] = body.csrfToken;
    return request;
  };
}
const operationsHeading = () => ({
  wrapComponents: {
    InfoContainer: (Original, system) => (props) => system.React.createElement(
      "div", null,
      system.React.createElement(Original, props),
      system.React.createElement("h2", {className: "operations-heading"}, body.operationsHeading)),
  },
});
config.plugins = [operationsHeading];
SwaggerUIBundle(config);
